<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$eInvoiceJwks = $bahi->invoices->einvoice->jwks();
echo json_encode($eInvoiceJwks), PHP_EOL;
