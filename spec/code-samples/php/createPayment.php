<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$payment = $bahi->payments->create([
    'party_id' => 'pty_01jd4n0q8r7s6t5v4w3x2y1z0a',
    'amount' => 4500,
    'date' => '2026-11-25',
    'mode' => 'bank_transfer',
    'reference' => 'HDFCN52026112512345',
    'allocations' => [
        ['invoice_id' => 'inv_01jd4r5t6v7w8x9y0z1a2b3c4d', 'amount' => 4366],
    ],
]);
echo $payment->id, PHP_EOL;
