<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

foreach ($bahi->payments->list()->autoPagingIterator() as $payment) {
    echo $payment->id, PHP_EOL;
}
