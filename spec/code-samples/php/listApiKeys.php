<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

foreach ($bahi->apiKeys->list()->autoPagingIterator() as $apiKey) {
    echo $apiKey->id, ' ', $apiKey->name, PHP_EOL;
}
