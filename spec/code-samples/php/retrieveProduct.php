<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$product = $bahi->products->retrieve('prd_01jd5a9c1d3e5f7g9h1j3k5m7n');
echo $product->id, ' ', $product->name, PHP_EOL;
