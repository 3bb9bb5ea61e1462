<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

foreach ($bahi->creditNotes->list()->autoPagingIterator() as $creditNote) {
    echo $creditNote->id, ' ', $creditNote->number, ' ', $creditNote->total, PHP_EOL;
}
