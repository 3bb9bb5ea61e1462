<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

foreach ($bahi->products->list()->autoPagingIterator() as $product) {
    echo $product->id, ' ', $product->name, PHP_EOL;
}
