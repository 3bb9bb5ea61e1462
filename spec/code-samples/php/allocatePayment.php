<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$payment = $bahi->payments->allocate('pay_01jd59x8w7v6t5s4r3q2p1n0m9', [
    'allocations' => [
        ['invoice_id' => 'inv_01jd5c2e3f4g5h6j7k8m9n0p1q', 'amount' => 134],
    ],
]);
echo $payment->id, PHP_EOL;
