<?php

// The router of StubServer (`php -S`): echoes each request as JSON, numbers and all, byte for byte.

declare(strict_types=1);

$path = (string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($path === '/v1/events/evt_slow') {
    sleep(2);
}
if (str_ends_with($path, '/errors.csv')) {
    header('Content-Type: text/csv');
    echo "row,sku,reason\n3,STAPLER,\"price \"\"abc\"\" is not a number\"\n";
    return true;
}
$headers = [];
foreach (getallheaders() as $name => $value) {
    $headers[strtolower($name)] = $value;
}
http_response_code($_SERVER['REQUEST_METHOD'] === 'POST' ? 201 : 200);
header('Content-Type: application/json');
// The amount goes out as the exact JSON number text, as Bahi writes amounts.
echo str_replace('"AMOUNT"', '12345678901.23', json_encode([
    'id' => 'echo_1',
    'object' => 'echo',
    'method' => $_SERVER['REQUEST_METHOD'],
    'path' => $path,
    'query' => (string) ($_SERVER['QUERY_STRING'] ?? ''),
    'headers' => $headers,
    'body' => file_get_contents('php://input'),
    'amount' => 'AMOUNT',
], JSON_UNESCAPED_SLASHES));
return true;
