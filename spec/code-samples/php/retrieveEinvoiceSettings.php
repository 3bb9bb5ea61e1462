<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$eInvoiceSettings = $bahi->account->retrieveEinvoiceSettings();
echo $eInvoiceSettings->object, ' ', $eInvoiceSettings->livemode, ' ', $eInvoiceSettings->provider, PHP_EOL;
