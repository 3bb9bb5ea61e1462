<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$eInvoiceSettings = $bahi->account->updateEinvoiceSettings([
    'provider' => 'nic',
    'base_url' => 'https://einv-apisandbox.nic.in',
    'client_id' => 'AAACR5055K1Z9BAHI',
    'client_secret' => 'sandbox-client-secret',
    'user_name' => 'API_ACME',
    'password' => 'sandbox-password',
    'public_key' => '-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA…
-----END PUBLIC KEY-----
',
]);
echo $eInvoiceSettings->object, ' ', $eInvoiceSettings->livemode, ' ', $eInvoiceSettings->provider, PHP_EOL;
