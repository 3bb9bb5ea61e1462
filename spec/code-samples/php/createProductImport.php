<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$productImport = $bahi->products->imports->create(['file' => \Bahi\Upload::fromPath('products.csv')]);
echo $productImport->id, ' ', $productImport->status, PHP_EOL;
