<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$result = $bahi->gstr1->retrieve('112026');
echo json_encode($result), PHP_EOL;
