<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$webhookWithSecret = $bahi->webhooks->create([
    'url' => 'https://erp.acme-traders.example.in/hooks/bahi',
    'events' => ['party.created', 'invoice.created', 'invoice.paid', 'payment.created'],
    'description' => 'ERP sync',
]);
echo $webhookWithSecret->id, ' ', $webhookWithSecret->status, PHP_EOL;
