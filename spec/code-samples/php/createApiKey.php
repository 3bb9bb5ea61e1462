<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$apiKeyWithSecret = $bahi->apiKeys->create([
    'name' => 'Billing backend',
    'scopes' => ['invoices:read', 'invoices:write'],
]);
echo $apiKeyWithSecret->id, ' ', $apiKeyWithSecret->name, PHP_EOL;
