<?php

// The SDK without Composer: `require 'path/to/bahi-php/autoload.php';` loads Bahi\ classes from src/
// (PSR-4, as composer.json declares). With Composer, use vendor/autoload.php instead.

declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    if (!str_starts_with($class, 'Bahi\\')) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen('Bahi\\'))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
