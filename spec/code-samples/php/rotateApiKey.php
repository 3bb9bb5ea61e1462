<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$apiKeyWithSecret = $bahi->apiKeys->rotate('key_01jd4k9m2x7qv3t8w5y6z0abcd', ['old_key_expires_in' => 86400]);
echo $apiKeyWithSecret->id, ' ', $apiKeyWithSecret->name, PHP_EOL;
