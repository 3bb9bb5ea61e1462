<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$account = $bahi->account->retrieve();
echo $account->id, PHP_EOL;
