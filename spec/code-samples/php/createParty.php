<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$party = $bahi->parties->create([
    'type' => 'customer',
    'name' => 'Sharma Electronics',
    'gstin' => '27AAPFU0939F1ZV',
    'email' => 'accounts@sharma-electronics.example.in',
    'phone' => '+91 22 2387 1234',
    'address' => [
        'line1' => 'Shop 14, Lamington Road',
        'line2' => 'Grant Road East',
        'city' => 'Mumbai',
        'state_code' => '27',
        'pin' => '400007',
    ],
]);
echo $party->id, ' ', $party->name, PHP_EOL;
