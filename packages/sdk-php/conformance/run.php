<?php

// Runs packages/conformance/scenario.json with the PHP SDK's public API, step by step as the data
// says (see packages/conformance/README.md): nothing here is written for a particular step.
//
// usage: node packages/conformance/with-server.mjs [--prism] -- php packages/sdk-php/conformance/run.php

declare(strict_types=1);

namespace Bahi\Conformance;

require __DIR__ . '/../autoload.php';

use Bahi\Bahi;
use Bahi\BahiObject;
use Bahi\Exception\ApiException;
use Bahi\Exception\AuthenticationException;
use Bahi\Exception\ConflictException;
use Bahi\Exception\NotFoundException;
use Bahi\Exception\PermissionException;
use Bahi\Exception\RateLimitException;
use Bahi\Exception\ValidationException;
use Bahi\Exception\WebhookVerificationException;
use Bahi\Internal\Json;
use Bahi\Webhook;
use Throwable;

/** A step that did not go as the scenario says. */
final class StepFailed extends \RuntimeException
{
}

/** The SDK's exception class for each `kind` of error the scenario names. */
const KINDS = [
    'validation' => ValidationException::class,
    'authentication' => AuthenticationException::class,
    'permission' => PermissionException::class,
    'not_found' => NotFoundException::class,
    'conflict' => ConflictException::class,
    'rate_limit' => RateLimitException::class,
];

function env(string $name): string
{
    $value = getenv($name);
    if ($value === false || $value === '') {
        fwrite(STDERR, "$name is not set: run this through packages/conformance/with-server.mjs\n");
        exit(2);
    }
    return $value;
}

/** The scenario's JSON, numbers with a fraction as exact decimal strings. */
function readJson(string $path): mixed
{
    return Json::decode((string) file_get_contents($path));
}

/** A number's exact decimal text without superfluous zeros: "354.00" and 354 are both "354". */
function decimal(int|string $value): ?string
{
    $value = (string) $value;
    if (preg_match('/^(-?)0*(\d+?)(?:\.(\d*?)0*)?$/D', $value, $m) !== 1) {
        return null;
    }
    $text = $m[2] . (($m[3] ?? '') === '' ? '' : '.' . $m[3]);
    return ($text === '0' ? '' : $m[1]) . $text;
}

/** Numbers compare as exact decimals (354 equals "354.00"), anything else by strict equality. */
function same(mixed $expected, mixed $actual): bool
{
    if ((is_int($expected) || is_string($expected)) && (is_int($actual) || is_string($actual))) {
        $a = decimal($expected);
        $b = decimal($actual);
        if ($a !== null && $b !== null && (is_int($expected) || is_int($actual) || str_contains($a . $b, '.'))) {
            return $a === $b;
        }
    }
    return $expected === $actual;
}

/** The value at a dotted path (`items.0.sku`) of an answer. */
function dig(mixed $value, string $path): mixed
{
    foreach (explode('.', $path) as $key) {
        if ($value instanceof BahiObject) {
            $value = $value->toArray();
        }
        if (!is_array($value) || !array_key_exists($key, $value)) {
            throw new StepFailed("the answer has no $path");
        }
        $value = $value[$key];
    }
    return $value instanceof BahiObject ? $value->toArray() : $value;
}

/**
 * `${run}` and `${name.path}` replaced; a string that is one whole reference takes the value's type.
 *
 * @param array<string, mixed> $saved
 */
function interpolate(mixed $value, array $saved): mixed
{
    if (is_array($value)) {
        return array_map(static fn (mixed $v): mixed => interpolate($v, $saved), $value);
    }
    if (!is_string($value)) {
        return $value;
    }
    $lookup = static function (string $reference) use ($saved): mixed {
        [$name, $path] = array_pad(explode('.', $reference, 2), 2, null);
        if (!array_key_exists($name, $saved)) {
            throw new StepFailed("nothing saved as $name");
        }
        return $path === null ? $saved[$name] : dig($saved[$name], $path);
    };
    if (preg_match('/^\$\{([^}]+)\}$/D', $value, $m) === 1) {
        return $lookup($m[1]);
    }
    return preg_replace_callback('/\$\{([^}]+)\}/', static fn (array $m): string => (string) $lookup($m[1]), $value);
}

/** Calls `resource.method` as a user of the SDK would: `$bahi->creditNotes->create($params, $opts)`. */
function call(Bahi $client, array $step, array $saved): mixed
{
    [$resource, $method] = explode('.', $step['call'], 2);
    $property = lcfirst(str_replace(' ', '', ucwords(str_replace('_', ' ', $resource))));
    $service = $client->{$property};
    $named = [];
    if (array_key_exists('params', $step)) {
        $named['params'] = interpolate($step['params'], $saved);
    }
    $named['opts'] = isset($step['idempotency_key'])
        ? ['idempotency_key' => interpolate($step['idempotency_key'], $saved)]
        : [];
    return $service->{$method}(...interpolate($step['args'] ?? [], $saved), ...$named);
}

function checkFields(mixed $result, array $fields, array $saved): void
{
    foreach ($fields as $path => $expected) {
        $expected = interpolate($expected, $saved);
        $actual = dig($result, (string) $path);
        if (!same($expected, $actual)) {
            throw new StepFailed(sprintf('%s is %s, not %s', $path, json_encode($actual), json_encode($expected)));
        }
    }
}

function checkError(Throwable $error, array $expected): void
{
    $class = KINDS[$expected['kind'] ?? ''] ?? ApiException::class;
    if (!$error instanceof $class) {
        throw new StepFailed(sprintf('expected a %s, got %s: %s', $class, get_class($error), $error->getMessage()));
    }
    /** @var ApiException $error */
    if (isset($expected['status']) && $error->getStatus() !== $expected['status']) {
        throw new StepFailed("status {$error->getStatus()}, not {$expected['status']}");
    }
    if (isset($expected['code']) && $error->getErrorCode() !== $expected['code']) {
        throw new StepFailed("code {$error->getErrorCode()}, not {$expected['code']}");
    }
    if (isset($expected['pointer'])) {
        $pointers = array_map(static fn ($e): ?string => $e->pointer, $error->getErrors());
        if (!in_array($expected['pointer'], $pointers, true)) {
            throw new StepFailed("no field error at {$expected['pointer']} (" . implode(', ', $pointers) . ')');
        }
    }
    if (isset($expected['retry_after_at_least'])) {
        $retryAfter = $error instanceof RateLimitException ? $error->getRetryAfter() : null;
        if ($retryAfter === null || $retryAfter < $expected['retry_after_at_least']) {
            $least = $expected['retry_after_at_least'];
            throw new StepFailed('Retry-After ' . var_export($retryAfter, true) . ", not at least $least");
        }
    }
}

/** Checks one answer (or failure) of a call step against `expect`. */
function check(mixed $result, ?Throwable $error, array $expect, array $saved): void
{
    if (isset($expect['error'])) {
        if ($error === null) {
            throw new StepFailed('the call succeeded; expected an error ' . json_encode($expect['error']));
        }
        checkError($error, $expect['error']);
        return;
    }
    if ($error !== null) {
        throw new StepFailed(get_class($error) . ': ' . $error->getMessage());
    }
    checkFields($result, $expect['fields'] ?? [], $saved);
    if (isset($expect['list'])) {
        $list = $expect['list'];
        $ids = [];
        foreach ($result->autoPagingIterator() as $item) {
            $ids[] = $item->id;
        }
        $checks = [
            'count' => count($ids),
            'first_page_count' => count($result->data),
            'has_more' => $result->has_more,
            'distinct_ids' => count(array_unique($ids)) === count($ids),
        ];
        foreach ($checks as $name => $actual) {
            if (array_key_exists($name, $list) && $list[$name] !== $actual) {
                $message = sprintf('%s is %s, not %s', $name, json_encode($actual), json_encode($list[$name]));
                throw new StepFailed($message);
            }
        }
    }
}

/** Runs a `call` step, repeated as it says; returns the last answer. */
function runCall(array $clients, array $step, array $saved): mixed
{
    $client = $clients[$step['client'] ?? 'main'] ?? throw new StepFailed("no client {$step['client']}");
    $expect = $step['expect'] ?? [];
    $attempt = static function () use ($client, $step, $saved): array {
        $started = hrtime(true);
        try {
            return [call($client, $step, $saved), null, (hrtime(true) - $started) / 1e9];
        } catch (ApiException $e) {
            return [null, $e, (hrtime(true) - $started) / 1e9];
        }
    };
    if (isset($step['until_error'])) {
        for ($i = 1; $i <= $step['until_error']['max_calls']; $i++) {
            [, $error] = $attempt();
            if ($error !== null) {
                check(null, $error, $expect, $saved);
                return null;
            }
        }
        throw new StepFailed("no error in {$step['until_error']['max_calls']} calls");
    }
    if (isset($step['until_slower_than'])) {
        $until = $step['until_slower_than'];
        for ($i = 1; $i <= $until['max_calls']; $i++) {
            [$result, $error, $seconds] = $attempt();
            if ($error !== null) {
                throw new StepFailed(sprintf('call %d failed: %s', $i, $error->getMessage()));
            }
            if ($seconds >= (float) $until['seconds']) {
                check($result, null, $expect, $saved);
                $most = $expect['elapsed_at_most_seconds'] ?? null;
                if ($most !== null && $seconds > (float) $most) {
                    throw new StepFailed(sprintf('the slow call took %.2f s, more than %s s', $seconds, $most));
                }
                return $result;
            }
        }
        throw new StepFailed("no call took {$until['seconds']} s in {$until['max_calls']} calls");
    }
    $result = null;
    for ($i = 0; $i < ($step['repeat'] ?? 1); $i++) {
        [$result, $error] = $attempt();
        check($result, $error, $expect, $saved);
    }
    return $result;
}

/** Whether a delivery verifies with the SDK's helper. */
function verifies(string $body, array $headers, string $secret, ?int $now = null): bool
{
    try {
        Webhook::constructEvent($body, $headers, $secret, Webhook::DEFAULT_TOLERANCE, $now);
        return true;
    } catch (WebhookVerificationException) {
        return false;
    }
}

function runWebhook(array $step): void
{
    $kind = $step['webhook'];
    if ($kind === 'vectors') {
        $wrong = [];
        foreach (readJson(env('BAHI_CONFORMANCE_VECTORS'))['vectors'] as $vector) {
            if (verifies($vector['body'], $vector['headers'], $vector['secret'], $vector['now']) !== $vector['valid']) {
                $wrong[] = $vector['name'];
            }
        }
        if ($wrong !== []) {
            throw new StepFailed('wrong verdict on: ' . implode('; ', $wrong));
        }
        return;
    }
    $delivery = readJson(env('BAHI_CONFORMANCE_WEBHOOK'));
    $body = $delivery['body'];
    if ($kind === 'delivered_reserialised') {
        // As a framework's parsed body would be: decoded, then encoded again with two-space indents.
        $pretty = json_encode(json_decode($body), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
        $halve = static fn (array $m): string => str_repeat('  ', intdiv(strlen($m[0]), 4));
        $body = preg_replace_callback('/^( {4})+/m', $halve, (string) $pretty);
    } elseif ($kind !== 'delivered') {
        throw new StepFailed("unknown webhook step $kind");
    }
    $valid = verifies($body, $delivery['headers'], $delivery['secret']);
    if ($valid !== $step['expect']['valid']) {
        throw new StepFailed($valid ? 'it verified' : 'it did not verify');
    }
}

$clientsAt = static function (string $baseUrl): array {
    $client = static fn (string $key, array $options = []): Bahi
        => new Bahi(['api_key' => $key, 'base_url' => $baseUrl] + $options);
    return [
        'main' => $client(env('BAHI_CONFORMANCE_API_KEY')),
        'invalid_key' => $client('sk_test_' . substr(str_repeat(bin2hex(random_bytes(32)), 2), 0, 43)),
        'restricted' => $client(env('BAHI_CONFORMANCE_RESTRICTED_KEY')),
        'rate_limited_no_retries' => $client(env('BAHI_CONFORMANCE_RATE_LIMITED_KEY'), ['max_retries' => 0]),
        'rate_limited' => $client(env('BAHI_CONFORMANCE_RATE_LIMITED_KEY'), ['max_retries' => 2]),
    ];
};
$clients = $clientsAt(env('BAHI_CONFORMANCE_BASE_URL'));
// Steps marked `direct` reach the server itself, not Prism (see the scenario's README).
$directClients = $clientsAt(getenv('BAHI_CONFORMANCE_DIRECT_URL') ?: env('BAHI_CONFORMANCE_BASE_URL'));
$saved = ['run' => env('BAHI_CONFORMANCE_RUN')];
$failed = 0;
foreach (readJson(env('BAHI_CONFORMANCE_SCENARIO'))['steps'] as $step) {
    $name = $step['name'];
    try {
        if (isset($step['webhook'])) {
            runWebhook($step);
        } else {
            $result = runCall(($step['direct'] ?? false) ? $directClients : $clients, $step, $saved);
            if (isset($step['save'])) {
                $saved[$step['save']] = $result instanceof BahiObject ? $result->toArray() : $result;
            }
        }
        echo "ok   $name\n";
    } catch (Throwable $e) {
        // Any failure of a step is that step's: report it and go on with the next.
        $failed++;
        echo "FAIL $name: " . $e->getMessage() . "\n";
    }
}
echo $failed === 0 ? "conformance: every step passed\n" : "conformance: $failed step(s) failed\n";
exit($failed === 0 ? 0 : 1);
