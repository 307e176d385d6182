export * from './codes';
export * from './envelope';
export * from './task';
export * from './constants';
export * from './languages';
export * from './bool';
export * from './api';
