<?php

declare(strict_types=1);

namespace Bahi\Tests\Unit;

use Bahi\Bahi;
use Bahi\Exception\ConnectionException;
use Bahi\Exception\TimeoutException;
use Bahi\HttpClient\TransportException;
use Bahi\Tests\Support\ClientTestCase;
use Bahi\Tests\Support\MockTransport;
use Bahi\Tests\Support\StubServer;

final class TimeoutTest extends ClientTestCase
{
    public function testEachAttemptGetsTheTimeoutOfTheClientOrOfTheCall(): void
    {
        $account = MockTransport::json(200, ['id' => 'acc_1', 'object' => 'account']);
        $this->transport->queue($account, $account, $account);
        $this->client()->account->retrieve();
        $this->client(['timeout' => 2.5])->account->retrieve();
        $this->client(['timeout' => 2.5])->account->retrieve(['timeout' => 0.25]);
        self::assertSame([30.0, 2.5, 0.25], $this->transport->timeouts);
    }

    public function testATimedOutAttemptIsRetriedThenReportedAsATimeout(): void
    {
        $timedOut = new TransportException('Operation timed out', true);
        $this->transport->queue($timedOut, $timedOut, $timedOut);
        try {
            $this->client(['timeout' => 1.5])->payments->create(['party_id' => 'pty_1', 'amount' => '10.00']);
            self::fail('expected a TimeoutException');
        } catch (TimeoutException $e) {
            self::assertInstanceOf(ConnectionException::class, $e);
            self::assertSame('timeout', $e->getErrorCode());
            self::assertSame('No answer within 1.5 s (timeout)', $e->getMessage());
            // The key to retry the create with later, safely: the server replays it if it was done.
            self::assertSame($this->transport->requests[0]->header('Idempotency-Key'), $e->getIdempotencyKey());
        }
        self::assertCount(3, $this->transport->requests);
    }

    public function testTheCurlTransportGivesUpOnASlowServer(): void
    {
        $server = StubServer::start();
        $bahi = new Bahi(['api_key' => self::KEY, 'base_url' => $server->url, 'timeout' => 0.3, 'max_retries' => 0]);
        $started = microtime(true);
        try {
            $bahi->events->retrieve('evt_slow');
            self::fail('expected a TimeoutException');
        } catch (TimeoutException $e) {
            $elapsed = microtime(true) - $started;
            self::assertGreaterThanOrEqual(0.29, $elapsed);
            self::assertLessThan(1.5, $elapsed, 'the slow answer (2 s) was not waited for');
        }
    }

    public function testTheCurlTransportReportsARefusedConnection(): void
    {
        // A port nobody listens on: connecting fails at once, before anything is sent.
        $socket = stream_socket_server('tcp://127.0.0.1:0');
        $name = (string) stream_socket_get_name($socket, false);
        $port = (int) substr($name, strrpos($name, ':') + 1);
        fclose($socket);
        $bahi = new Bahi([
            'api_key' => self::KEY,
            'base_url' => "http://127.0.0.1:$port",
            'sleep' => function (float $seconds): void {
                $this->sleeps[] = $seconds;
            },
        ]);
        try {
            $bahi->webhooks->del('whk_1');
            self::fail('expected a ConnectionException');
        } catch (ConnectionException $e) {
            self::assertNotInstanceOf(TimeoutException::class, $e);
        }
        self::assertCount(2, $this->sleeps, 'even a DELETE is retried when it never left');
    }
}
