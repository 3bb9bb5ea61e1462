<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$payment = $bahi->payments->retrieve('pay_01jd59x8w7v6t5s4r3q2p1n0m9');
echo $payment->id, PHP_EOL;
