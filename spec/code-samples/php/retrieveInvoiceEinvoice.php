<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$eInvoice = $bahi->invoices->einvoice->retrieve('inv_01jd4r5t6v7w8x9y0z1a2b3c4d');
echo $eInvoice->Version, PHP_EOL;
