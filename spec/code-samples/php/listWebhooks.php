<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

foreach ($bahi->webhooks->list()->autoPagingIterator() as $webhook) {
    echo $webhook->id, ' ', $webhook->status, PHP_EOL;
}
