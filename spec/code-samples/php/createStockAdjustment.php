<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$stockMovement = $bahi->products->createStockAdjustment('prd_01jd5a9c1d3e5f7g9h1j3k5m7n', ['quantity' => -3, 'reason' => 'damage', 'note' => 'Box dropped in the warehouse']);
echo $stockMovement->id, PHP_EOL;
