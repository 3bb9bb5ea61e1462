<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

foreach ($bahi->products->listRateHistory('prd_01jd5a9c1d3e5f7g9h1j3k5m7n')->autoPagingIterator() as $productRatePeriod) {
    echo $productRatePeriod->object, ' ', $productRatePeriod->livemode, ' ', $productRatePeriod->product_id, PHP_EOL;
}
