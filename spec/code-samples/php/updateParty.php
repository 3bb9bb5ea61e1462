<?php

require __DIR__ . '/vendor/autoload.php';

$bahi = new \Bahi\Bahi(['api_key' => getenv('BAHI_API_KEY')]);

$party = $bahi->parties->update('pty_01jd5a0k3m7q2r8s4t6v9w1x3y', ['phone' => '+91 22 2387 5678']);
echo $party->id, ' ', $party->name, PHP_EOL;
