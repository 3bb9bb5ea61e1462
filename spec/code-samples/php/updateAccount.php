<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$account = $bahi->account->update([
    'trade_name' => 'Acme',
    'address' => [
        'line1' => '14 Residency Road',
        'line2' => 'Second floor',
        'city' => 'Bengaluru',
        'state_code' => '29',
        'pin' => '560025',
    ],
]);
echo $account->id, PHP_EOL;
