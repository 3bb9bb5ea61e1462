<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$invoice = $bahi->invoices->create([
    'party_id' => 'pty_01jd4n0q8r7s6t5v4w3x2y1z0a',
    'date' => '2026-11-23',
    'due_date' => '2026-12-23',
    'items' => [
        ['sku' => 'PEN-01', 'qty' => 23, 'rate' => '99.99'],
        ['sku' => 'SVC-INSTALL', 'qty' => 1, 'rate' => 1500, 'discount' => 100],
    ],
    'notes' => 'Thank you for your business.',
]);
echo $invoice->id, ' ', $invoice->number, ' ', $invoice->status, PHP_EOL;
