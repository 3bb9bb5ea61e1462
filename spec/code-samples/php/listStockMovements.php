<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

foreach ($bahi->products->listStockMovements('prd_01jd5a9c1d3e5f7g9h1j3k5m7n')->autoPagingIterator() as $stockMovement) {
    echo $stockMovement->id, PHP_EOL;
}
