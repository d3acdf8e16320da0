import type { Orm } from '../db/orm';
import type { ServiceContext } from '../shared/context';

/** A job's own context: a fresh EntityManager fork and no viewer (the system acts). */
export const systemContext = (orm: Orm): ServiceContext => ({ em: orm.em.fork(), viewer: null });
