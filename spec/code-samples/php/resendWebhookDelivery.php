<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$webhookDelivery = $bahi->webhooks->resendDelivery('whk_01jd4z8x6v4t2s0r8q6p4n2m0k', 'dlv_01jd5a0m2n4p6q8r0s2t4v6w8x');
echo $webhookDelivery->id, ' ', $webhookDelivery->status, PHP_EOL;
