<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$product = $bahi->products->update('prd_01jd5a9c1d3e5f7g9h1j3k5m7n', ['price' => '109.5']);
echo $product->id, ' ', $product->name, PHP_EOL;
