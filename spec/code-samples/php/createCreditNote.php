<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$creditNote = $bahi->creditNotes->create([
    'invoice_id' => 'inv_01jd4r5t6v7w8x9y0z1a2b3c4d',
    'reason' => 'sales_return',
    'date' => '2026-11-26',
    'items' => [
        ['sku' => 'PEN-01', 'qty' => 2],
    ],
]);
echo $creditNote->id, ' ', $creditNote->number, ' ', $creditNote->total, PHP_EOL;
