<?php

declare(strict_types=1);

namespace Bahi\Tests\Unit;

use Bahi\Exception\ConflictException;
use Bahi\Exception\ConnectionException;
use Bahi\Exception\RateLimitException;
use Bahi\Exception\ServerException;
use Bahi\Exception\ValidationException;
use Bahi\HttpClient\TransportException;
use Bahi\Internal\Requestor;
use Bahi\Tests\Support\ClientTestCase;
use Bahi\Tests\Support\MockTransport;

final class RetryTest extends ClientTestCase
{
    private const ACCOUNT = ['id' => 'acc_1', 'object' => 'account'];

    public function testA5xxIsRetriedWithJitteredBackoffThenSucceeds(): void
    {
        $this->transport->queue(
            MockTransport::problem(503, 'unavailable'),
            MockTransport::problem(502, 'bad_gateway'),
            MockTransport::json(200, self::ACCOUNT)
        );
        $account = $this->client()->account->retrieve();
        self::assertSame('acc_1', $account->id);
        self::assertCount(3, $this->transport->requests);
        self::assertCount(2, $this->sleeps);
        // Full jitter: retry n waits uniformly in [0, min(8, 0.5 * 2^n)).
        self::assertGreaterThanOrEqual(0.0, $this->sleeps[0]);
        self::assertLessThan(0.5, $this->sleeps[0]);
        self::assertLessThan(1.0, $this->sleeps[1]);
    }

    public function testBackoffIsFullJitterUnderAnExponentialCeiling(): void
    {
        foreach ([0 => 0.5, 1 => 1.0, 2 => 2.0, 3 => 4.0, 4 => 8.0, 9 => 8.0] as $retry => $ceiling) {
            $waits = [];
            for ($i = 0; $i < 200; $i++) {
                $waits[] = Requestor::backoff($retry);
            }
            self::assertGreaterThanOrEqual(0.0, min($waits));
            self::assertLessThan($ceiling, max($waits));
            // Spread over the whole range, not a fixed delay: some waits in each half.
            self::assertLessThan($ceiling / 2, min($waits));
            self::assertGreaterThan($ceiling / 2, max($waits));
        }
    }

    public function testGivingUpAfterMaxRetriesThrowsTheLastError(): void
    {
        $this->transport->queue(
            MockTransport::problem(500, 'internal_error'),
            MockTransport::problem(500, 'internal_error'),
            MockTransport::problem(500, 'internal_error', ['request_id' => 'req_last'])
        );
        try {
            $this->client()->account->retrieve();
            self::fail('expected a ServerException');
        } catch (ServerException $e) {
            self::assertSame(500, $e->getStatus());
            self::assertSame('req_last', $e->getRequestId());
        }
        self::assertCount(3, $this->transport->requests, 'one attempt and the default two retries');
    }

    public function testMaxRetriesIsAnOptionOfTheClientAndOfEachCall(): void
    {
        $this->transport->queue(MockTransport::problem(503, 'unavailable'));
        try {
            $this->client(['max_retries' => 0])->account->retrieve();
            self::fail('expected a ServerException');
        } catch (ServerException) {
        }
        self::assertCount(1, $this->transport->requests);

        $this->transport->queue(...array_fill(0, 5, MockTransport::problem(503, 'unavailable')));
        $this->expectException(ServerException::class);
        try {
            $this->client()->account->retrieve(['max_retries' => 4]);
        } finally {
            self::assertCount(1 + 5, $this->transport->requests);
        }
    }

    public function testA429WaitsExactlyAsRetryAfterSays(): void
    {
        $this->transport->queue(
            MockTransport::problem(429, 'rate_limited', [], ['Retry-After' => '2']),
            MockTransport::json(200, self::ACCOUNT)
        );
        $this->client()->account->retrieve();
        self::assertSame([2.0], $this->sleeps);
    }

    public function testRetryAfterAsAnHttpDate(): void
    {
        self::assertSame(30, Requestor::retryAfterSeconds('Sun, 06 Nov 1994 08:49:37 GMT', 784111747));
        self::assertSame(0, Requestor::retryAfterSeconds('Sun, 06 Nov 1994 08:49:37 GMT', 784111800));
        self::assertSame(7, Requestor::retryAfterSeconds(' 7 '));
        self::assertNull(Requestor::retryAfterSeconds('soon'));
        self::assertNull(Requestor::retryAfterSeconds(null));

        $at = gmdate('D, d M Y H:i:s \G\M\T', time() + 5);
        $this->transport->queue(
            MockTransport::problem(503, 'unavailable', [], ['Retry-After' => $at]),
            MockTransport::json(200, self::ACCOUNT)
        );
        $this->client()->account->retrieve();
        self::assertCount(1, $this->sleeps);
        self::assertGreaterThanOrEqual(4.0, $this->sleeps[0]);
        self::assertLessThanOrEqual(5.0, $this->sleeps[0]);
    }

    public function testARetryAfterBeyondTheCapIsNotSleptThrough(): void
    {
        $this->transport->queue(MockTransport::problem(429, 'rate_limited', [], ['Retry-After' => '61']));
        try {
            $this->client()->account->retrieve();
            self::fail('expected a RateLimitException');
        } catch (RateLimitException $e) {
            self::assertSame(61, $e->getRetryAfter());
            self::assertSame('rate_limited', $e->getErrorCode());
        }
        self::assertSame([], $this->sleeps);
        self::assertCount(1, $this->transport->requests);
    }

    public function testAPostKeepsOneIdempotencyKeyAcrossItsRetries(): void
    {
        $this->transport->queue(
            new TransportException('connection reset', false, false),
            MockTransport::problem(503, 'unavailable'),
            MockTransport::json(201, ['id' => 'pty_1', 'object' => 'party'])
        );
        $this->client()->parties->create(['type' => 'customer', 'name' => 'Sharma Electronics']);
        $keys = array_map(static fn ($r) => $r->header('Idempotency-Key'), $this->transport->requests);
        self::assertCount(3, $keys);
        $uuid4 = '/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/';
        self::assertMatchesRegularExpression($uuid4, $keys[0]);
        self::assertSame([$keys[0], $keys[0], $keys[0]], $keys);
        // The very same body each time.
        self::assertCount(1, array_unique(array_map(static fn ($r) => $r->body, $this->transport->requests)));
    }

    public function testEachPostGetsItsOwnKeyUnlessOneIsGiven(): void
    {
        $party = MockTransport::json(201, ['id' => 'pty_1', 'object' => 'party']);
        $this->transport->queue($party, $party, $party);
        $client = $this->client();
        $client->parties->create(['name' => 'A']);
        $client->parties->create(['name' => 'A']);
        $client->parties->create(['name' => 'A'], ['idempotency_key' => 'order-42']);
        $keys = array_map(static fn ($r) => $r->header('Idempotency-Key'), $this->transport->requests);
        [$first, $second, $third] = $keys;
        self::assertNotSame($first, $second);
        self::assertSame('order-42', $third);
    }

    public function testNoIdempotencyKeyOnGetPatchOrDelete(): void
    {
        $this->transport->queue(
            MockTransport::problem(503, 'unavailable'),
            MockTransport::json(200, self::ACCOUNT),
            MockTransport::json(200, self::ACCOUNT),
            MockTransport::json(200, ['id' => 'whk_1', 'object' => 'webhook', 'deleted' => true])
        );
        $client = $this->client();
        $client->account->retrieve();
        $client->account->update(['trade_name' => 'Acme']);
        $client->webhooks->del('whk_1');
        $methods = array_map(static fn ($r) => $r->method, $this->transport->requests);
        self::assertSame(['GET', 'GET', 'PATCH', 'DELETE'], $methods);
        foreach ($this->transport->requests as $request) {
            self::assertNull($request->header('Idempotency-Key'), $request->method);
        }
    }

    public function testADeleteIsNotRetriedAfterA5xxOrALostAnswer(): void
    {
        $this->transport->queue(MockTransport::problem(503, 'unavailable'));
        try {
            $this->client()->webhooks->del('whk_1');
            self::fail('expected a ServerException');
        } catch (ServerException) {
        }
        self::assertCount(1, $this->transport->requests);

        // The request may have reached the server: sending it again could answer 404 for a delete that worked.
        $this->transport->queue(new TransportException('connection reset after sending', false, false));
        try {
            $this->client()->webhooks->del('whk_1');
            self::fail('expected a ConnectionException');
        } catch (ConnectionException $e) {
            self::assertSame('connection_error', $e->getErrorCode());
            self::assertNull($e->getStatus());
        }
        self::assertCount(2, $this->transport->requests);
        self::assertSame([], $this->sleeps);
    }

    public function testADeleteThatNeverLeftIsRetried(): void
    {
        $this->transport->queue(
            new TransportException('connection refused', false, true),
            MockTransport::json(200, ['id' => 'whk_1', 'object' => 'webhook', 'deleted' => true])
        );
        self::assertTrue($this->client()->webhooks->del('whk_1')->deleted);
        self::assertCount(2, $this->transport->requests);
    }

    public function testA429IsRetriedWhateverTheMethod(): void
    {
        $this->transport->queue(
            MockTransport::problem(429, 'rate_limited', [], ['Retry-After' => '1']),
            MockTransport::json(200, ['id' => 'whk_1', 'object' => 'webhook', 'deleted' => true])
        );
        $this->client()->webhooks->del('whk_1');
        self::assertSame([1.0], $this->sleeps);
    }

    public function testAConcurrentIdempotentRequestIsRetriedButOtherConflictsAreNot(): void
    {
        $this->transport->queue(
            MockTransport::problem(409, 'idempotency_request_in_progress'),
            MockTransport::json(201, ['id' => 'inv_1', 'object' => 'invoice'])
        );
        $this->client()->invoices->create(['party_id' => 'pty_1', 'items' => []]);
        self::assertCount(2, $this->transport->requests);

        $this->transport->queue(MockTransport::problem(409, 'insufficient_stock'));
        $this->expectException(ConflictException::class);
        try {
            $this->client()->invoices->create(['party_id' => 'pty_1', 'items' => []]);
        } finally {
            self::assertCount(3, $this->transport->requests);
        }
    }

    public function testClientErrorsAreNeverRetried(): void
    {
        foreach ([400, 422] as $status) {
            $this->transport->queue(MockTransport::problem($status, 'validation_failed'));
            try {
                $this->client()->invoices->create(['party_id' => 'pty_1', 'items' => []]);
                self::fail("expected a ValidationException for $status");
            } catch (ValidationException) {
            }
        }
        self::assertCount(2, $this->transport->requests);
        self::assertSame([], $this->sleeps);
    }

    public function testNetworkErrorsOnAGetAreRetriedThenReported(): void
    {
        $this->transport->queue(
            new TransportException('connection refused', false, true),
            new TransportException('connection reset', false, false),
            new TransportException('connection reset', false, false)
        );
        try {
            $this->client()->account->retrieve();
            self::fail('expected a ConnectionException');
        } catch (ConnectionException $e) {
            self::assertStringContainsString('connection reset', $e->getMessage());
            self::assertInstanceOf(TransportException::class, $e->getPrevious());
        }
        self::assertCount(3, $this->transport->requests);
        self::assertCount(2, $this->sleeps);
    }
}
