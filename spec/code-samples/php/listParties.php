<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

foreach ($bahi->parties->list()->autoPagingIterator() as $party) {
    echo $party->id, ' ', $party->name, PHP_EOL;
}
