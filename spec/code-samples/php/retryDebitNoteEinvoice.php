<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$debitNote = $bahi->debitNotes->retryEinvoice('dbn_01jd5c7d8e9f0g1h2j3k4m5n6p');
echo $debitNote->id, ' ', $debitNote->number, ' ', $debitNote->total, PHP_EOL;
