<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$debitNote = $bahi->debitNotes->create([
    'invoice_id' => 'inv_01jd4r5t6v7w8x9y0z1a2b3c4d',
    'reason' => 'price_revision',
    'date' => '2026-11-26',
    'items' => [
        ['sku' => 'PEN-01', 'taxable_value' => 50],
    ],
]);
echo $debitNote->id, ' ', $debitNote->number, ' ', $debitNote->total, PHP_EOL;
