<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$productImport = $bahi->products->imports->retrieve('imp_01jd5g7h9j1k3m5n7p9q1r3s5t');
echo $productImport->id, ' ', $productImport->status, PHP_EOL;
