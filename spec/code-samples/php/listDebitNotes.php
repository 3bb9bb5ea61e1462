<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

foreach ($bahi->debitNotes->list()->autoPagingIterator() as $debitNote) {
    echo $debitNote->id, ' ', $debitNote->number, ' ', $debitNote->total, PHP_EOL;
}
