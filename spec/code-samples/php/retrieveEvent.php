<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$event = $bahi->events->retrieve('evt_01jd5a0k3m7q2r8s4t6v9w1x3z');
echo $event->id, PHP_EOL;
