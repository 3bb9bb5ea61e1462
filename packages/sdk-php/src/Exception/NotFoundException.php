<?php

declare(strict_types=1);

namespace Bahi\Exception;

/** 404: no such object in this account and mode, or no such path. */
class NotFoundException extends ApiException
{
}
