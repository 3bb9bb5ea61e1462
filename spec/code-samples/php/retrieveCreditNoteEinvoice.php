<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$eInvoice = $bahi->creditNotes->retrieveEinvoice('crn_01jd5a3b4c5d6e7f8g9h0j1k2m');
echo $eInvoice->Version, PHP_EOL;
