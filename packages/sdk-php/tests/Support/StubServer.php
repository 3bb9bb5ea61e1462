<?php

declare(strict_types=1);

namespace Bahi\Tests\Support;

/**
 * A real HTTP server (`php -S` with stub-router.php) for the tests of the curl transport: it echoes
 * each request back as JSON, and answers `evt_slow` after two seconds. Started once, stopped at exit.
 */
final class StubServer
{
    private static ?self $instance = null;

    /** @param resource $process */
    private function __construct(public readonly string $url, private $process)
    {
    }

    public static function start(): self
    {
        if (self::$instance !== null) {
            return self::$instance;
        }
        $socket = stream_socket_server('tcp://127.0.0.1:0');
        $name = (string) stream_socket_get_name($socket, false);
        fclose($socket);
        $port = (int) substr($name, strrpos($name, ':') + 1);
        $process = proc_open(
            [PHP_BINARY, '-S', "127.0.0.1:$port", __DIR__ . '/stub-router.php'],
            [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']],
            $pipes,
            null,
            // Several workers, so that the slow answer does not hold up the others.
            ['PHP_CLI_SERVER_WORKERS' => '4'] + getenv()
        );
        if (!is_resource($process)) {
            throw new \RuntimeException('cannot start php -S');
        }
        $deadline = microtime(true) + 10;
        while (@fsockopen('127.0.0.1', $port) === false) {
            if (microtime(true) > $deadline) {
                throw new \RuntimeException("php -S did not listen on $port");
            }
            usleep(20_000);
        }
        self::$instance = new self("http://127.0.0.1:$port", $process);
        register_shutdown_function(static function () use ($process): void {
            proc_terminate($process);
            proc_close($process);
        });
        return self::$instance;
    }
}
