<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$invoice = $bahi->invoices->recordShippingBill('inv_01jd4r5t6v7w8x9y0z1a2b3c4d', ['port_code' => 'INNSA1', 'number' => '4512863', 'date' => '2026-11-24']);
echo $invoice->id, ' ', $invoice->number, ' ', $invoice->status, PHP_EOL;
