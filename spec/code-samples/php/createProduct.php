<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$product = $bahi->products->create([
    'sku' => 'PEN-01',
    'name' => 'Ballpoint pen, blue',
    'price' => '99.99',
    'gst_rate' => 18,
    'hsn_code' => '96081019',
    'unit' => 'NOS',
    'reorder_level' => 50,
    'opening_stock' => 500,
]);
echo $product->id, ' ', $product->name, PHP_EOL;
