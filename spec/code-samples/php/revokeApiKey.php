<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$apiKey = $bahi->apiKeys->revoke('key_01jd4k9m2x7qv3t8w5y6z0abcd');
echo $apiKey->id, ' ', $apiKey->name, PHP_EOL;
