<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$creditNote = $bahi->creditNotes->retryEinvoice('crn_01jd5a3b4c5d6e7f8g9h0j1k2m');
echo $creditNote->id, ' ', $creditNote->number, ' ', $creditNote->total, PHP_EOL;
