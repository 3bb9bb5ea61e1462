<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$webhookDeleted = $bahi->webhooks->del('whk_01jd4z8x6v4t2s0r8q6p4n2m0k');
echo $webhookDeleted->id, PHP_EOL;
