<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

foreach ($bahi->events->list()->autoPagingIterator() as $event) {
    echo $event->id, PHP_EOL;
}
