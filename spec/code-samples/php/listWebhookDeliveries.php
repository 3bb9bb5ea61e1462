<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

foreach ($bahi->webhooks->listDeliveries('whk_01jd4z8x6v4t2s0r8q6p4n2m0k')->autoPagingIterator() as $webhookDelivery) {
    echo $webhookDelivery->id, ' ', $webhookDelivery->status, PHP_EOL;
}
