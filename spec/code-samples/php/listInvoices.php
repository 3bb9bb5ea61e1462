<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

foreach ($bahi->invoices->list()->autoPagingIterator() as $invoice) {
    echo $invoice->id, ' ', $invoice->number, ' ', $invoice->status, PHP_EOL;
}
