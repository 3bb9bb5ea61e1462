<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$invoice = $bahi->invoices->einvoice->retry('inv_01jd4r5t6v7w8x9y0z1a2b3c4d');
echo $invoice->id, ' ', $invoice->number, ' ', $invoice->status, PHP_EOL;
