<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

foreach ($bahi->auditEntries->list()->autoPagingIterator() as $auditEntry) {
    echo $auditEntry->id, PHP_EOL;
}
