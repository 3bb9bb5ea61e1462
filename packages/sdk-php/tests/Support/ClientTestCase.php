<?php

declare(strict_types=1);

namespace Bahi\Tests\Support;

use Bahi\Bahi;
use PHPUnit\Framework\TestCase;

/** A test with a Bahi client on a MockTransport, whose waits are recorded instead of slept. */
abstract class ClientTestCase extends TestCase
{
    protected const KEY = 'sk_test_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

    protected MockTransport $transport;

    /** @var list<float> seconds the SDK waited between attempts */
    protected array $sleeps = [];

    protected function setUp(): void
    {
        $this->transport = new MockTransport();
        $this->sleeps = [];
    }

    /** @param array<string, mixed> $options */
    protected function client(array $options = []): Bahi
    {
        return new Bahi($options + [
            'api_key' => self::KEY,
            'base_url' => 'https://bahi.test',
            'transport' => $this->transport,
            'sleep' => function (float $seconds): void {
                $this->sleeps[] = $seconds;
            },
        ]);
    }
}
